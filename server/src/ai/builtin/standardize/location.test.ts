import { standardizeLocation } from './location.js';

describe('standardizeLocation: the product spec examples', () => {
  it.each([
    ['Canada+British Columbia+Langley', 'Langley, BC, Canada'],
    ['Vancouver, Canada', 'Vancouver, BC, Canada'],
    ['Vancouver', 'Vancouver, BC, Canada'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: Canada', () => {
  it.each([
    // Metro Vancouver, in the forms members type.
    ['burnaby', 'Burnaby, BC, Canada'],
    ['Richmond', 'Richmond, BC, Canada'],
    ['Surrey; British Columbia', 'Surrey, BC, Canada'],
    ['canada/bc/coquitlam', 'Coquitlam, BC, Canada'],
    ['PORT MOODY, B.C.', 'Port Moody, BC, Canada'],
    ['north vancouver', 'North Vancouver, BC, Canada'],
    ['West Van', 'West Vancouver, BC, Canada'],
    ['New Westminster BC', 'New Westminster, BC, Canada'],
    ['Township of Langley', 'Langley, BC, Canada'],
    ['Delta | BC', 'Delta, BC, Canada'],
    ['Maple Ridge', 'Maple Ridge, BC, Canada'],
    ['White Rock, BC, Canada', 'White Rock, BC, Canada'],
    ['Pitt Meadows', 'Pitt Meadows, BC, Canada'],
    ['Port Coquitlam - BC - Canada', 'Port Coquitlam, BC, Canada'],
    ['Vancouver BC', 'Vancouver, BC, Canada'],
    ['Vancouver, BC V6T 1Z4', 'Vancouver, BC, Canada'],
    ['UBC, Vancouver, British Columbia', 'Vancouver, BC, Canada'],
    ['City of North Vancouver', 'North Vancouver, BC, Canada'],
    ['Coquitlam, Colombie-Britannique', 'Coquitlam, BC, Canada'],
    ['Victoria', 'Victoria, BC, Canada'],
    ['Kelowna', 'Kelowna, BC, Canada'],
    ['Abbotsford, British Columbia, Canada', 'Abbotsford, BC, Canada'],
    // The rest of the country.
    ['Toronto, Ontario, Canada M5V 2T6', 'Toronto, ON, Canada'],
    ['Scarborough, ON', 'Toronto, ON, Canada'],
    ['Calgary AB', 'Calgary, AB, Canada'],
    ['Edmonton, Alberta', 'Edmonton, AB, Canada'],
    ['Regina, Sask', 'Regina, SK, Canada'],
    ['Winnipeg MB', 'Winnipeg, MB, Canada'],
    ['Montréal', 'Montreal, QC, Canada'],
    ['Québec City', 'Quebec City, QC, Canada'],
    ['Gatineau, Québec', 'Gatineau, QC, Canada'],
    ['Trois-Rivières', 'Trois-Rivières, QC, Canada'],
    ['Saint-Jean-sur-Richelieu, QC', 'Saint-Jean-sur-Richelieu, QC, Canada'],
    ['Moncton, New Brunswick', 'Moncton, NB, Canada'],
    ['Saint John NB', 'Saint John, NB, Canada'],
    ['Halifax, Nova Scotia', 'Halifax, NS, Canada'],
    ['Wolfville NS', 'Wolfville, NS, Canada'],
    ['Charlottetown PEI', 'Charlottetown, PE, Canada'],
    ["St. John's, NL", "St. John's, NL, Canada"],
    ['Whitehorse, Yukon', 'Whitehorse, YT, Canada'],
    ['Yellowknife NT', 'Yellowknife, NT, Canada'],
    ['Iqaluit', 'Iqaluit, NU, Canada'],
    ['Waterloo, ON', 'Waterloo, ON, Canada'],
    ['Sault Ste Marie', 'Sault Ste. Marie, ON, Canada'],
    ['Fort St John BC', 'Fort St. John, BC, Canada'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: United States and the world', () => {
  it.each([
    ['Seattle', 'Seattle, WA, United States'],
    ['Seattle, Washington', 'Seattle, WA, United States'],
    ['Los Angeles, California', 'Los Angeles, CA, United States'],
    ['NYC', 'New York, NY, United States'],
    ['New York, NY', 'New York, NY, United States'],
    ['Boston, MA', 'Boston, MA, United States'],
    ['Chicago, Illinois, USA', 'Chicago, IL, United States'],
    ['Washington D.C.', 'Washington, DC, United States'],
    ['Washington', 'Washington, DC, United States'],
    ['Austin TX 78701', 'Austin, TX, United States'],
    ['Honolulu', 'Honolulu, HI, United States'],
    ['Paris', 'Paris, Île-de-France, France'],
    ['London, UK', 'London, England, United Kingdom'],
    ['Edinburgh', 'Edinburgh, Scotland, United Kingdom'],
    ['Berlin, Germany', 'Berlin, Berlin, Germany'],
    ['München', 'Munich, Bavaria, Germany'],
    ['Tokyo', 'Tokyo, Tokyo, Japan'],
    ['Seoul', 'Seoul, Seoul, South Korea'],
    ['Bangalore, India', 'Bengaluru, Karnataka, India'],
    ['Sydney', 'Sydney, New South Wales, Australia'],
    ['Perth WA', 'Perth, Western Australia, Australia'],
    ['Melbourne, Victoria', 'Melbourne, Victoria, Australia'],
    ['Mexico City', 'Mexico City, Mexico City, Mexico'],
    ['Sao Paulo, Brazil', 'São Paulo, São Paulo, Brazil'],
    ['Singapore', 'Singapore, Singapore, Singapore'],
    ['Dubai', 'Dubai, Dubai, United Arab Emirates'],
    ['Cape Town', 'Cape Town, Western Cape, South Africa'],
    ['Beijing, China', 'Beijing, Beijing, China'],
    ['Hong Kong SAR', 'Hong Kong, Hong Kong, China'],
    ['Taipei, Taiwan', 'Taipei, Taipei, Taiwan'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: Chinese input', () => {
  it.each([
    ['加拿大温哥华', 'Vancouver, BC, Canada'],
    ['温哥华', 'Vancouver, BC, Canada'],
    ['溫哥華', 'Vancouver, BC, Canada'],
    ['我住在温哥华', 'Vancouver, BC, Canada'],
    ['加拿大不列颠哥伦比亚省兰里市', 'Langley, BC, Canada'],
    ['卑诗省本拿比', 'Burnaby, BC, Canada'],
    ['BC省列治文', 'Richmond, BC, Canada'],
    ['温哥华，BC', 'Vancouver, BC, Canada'],
    ['多伦多', 'Toronto, ON, Canada'],
    ['安大略省伦敦', 'London, ON, Canada'],
    ['北京', 'Beijing, Beijing, China'],
    ['上海', 'Shanghai, Shanghai, China'],
    ['广东省广州市', 'Guangzhou, Guangdong, China'],
    ['深圳', 'Shenzhen, Guangdong, China'],
    ['杭州', 'Hangzhou, Zhejiang, China'],
    ['成都', 'Chengdu, Sichuan, China'],
    ['武汉', 'Wuhan, Hubei, China'],
    ['南京', 'Nanjing, Jiangsu, China'],
    ['西安', "Xi'an, Shaanxi, China"],
    ['重庆', 'Chongqing, Chongqing, China'],
    ['天津', 'Tianjin, Tianjin, China'],
    ['苏州', 'Suzhou, Jiangsu, China'],
    ['中国上海', 'Shanghai, Shanghai, China'],
    ['香港', 'Hong Kong, Hong Kong, China'],
    ['台北市', 'Taipei, Taipei, Taiwan'],
    ['纽约', 'New York, NY, United States'],
    ['美国温哥华', 'Vancouver, WA, United States'],
    ['东京', 'Tokyo, Tokyo, Japan'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: ambiguous names take a default unless the input says otherwise', () => {
  it.each([
    ['London', 'London, England, United Kingdom'],
    ['I live in London', 'London, England, United Kingdom'],
    ['London, Ontario', 'London, ON, Canada'],
    ['London ON', 'London, ON, Canada'],
    ['Richmond, VA', 'Richmond, VA, United States'],
    ['Richmond, Virginia, USA', 'Richmond, VA, United States'],
    ['Richmond Hill', 'Richmond Hill, ON, Canada'],
    ['Portland', 'Portland, OR, United States'],
    ['Portland, Maine', 'Portland, ME, United States'],
    ['Vancouver, WA', 'Vancouver, WA, United States'],
    ['Vancouver, USA', 'Vancouver, WA, United States'],
    ['Vancouver, CA', 'Vancouver, BC, Canada'],
    ['Cambridge', 'Cambridge, England, United Kingdom'],
    ['Cambridge, MA', 'Cambridge, MA, United States'],
    ['Kingston', 'Kingston, ON, Canada'],
    ['Sydney, Nova Scotia', 'Sydney, NS, Canada'],
    ['Hamilton, New Zealand', 'Hamilton, Waikato, New Zealand'],
    ['Birmingham, Alabama', 'Birmingham, AL, United States'],
    ['St. Petersburg', 'Saint Petersburg, Saint Petersburg, Russia'],
    ['St Petersburg, FL', 'St. Petersburg, FL, United States'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: unknown cities, typos and noise', () => {
  it.each([
    // A city we do not list keeps its typed name when a region pins it down.
    ['Smalltown, BC', 'Smalltown, BC, Canada'],
    ['smalltown bc', 'Smalltown, BC, Canada'],
    ['saint-élie, QC', 'Saint-Élie, QC, Canada'],
    ['McBride, British Columbia', 'McBride, BC, Canada'],
    ['Main St, Smalltown, BC', 'Smalltown, BC, Canada'],
    ['Paris, Texas', 'Paris, TX, United States'],
    ['Lima, Ohio', 'Lima, OH, United States'],
    // One-letter typos in a long word are forgiven.
    ['Vancover', 'Vancouver, BC, Canada'],
    ['Burnbay', 'Burnaby, BC, Canada'],
    ['Coquitlum, BC', 'Coquitlam, BC, Canada'],
    // Words that are not places do not get in the way.
    ['Kitsilano, Vancouver', 'Vancouver, BC, Canada'],
    ['Greater Toronto Area', 'Toronto, ON, Canada'],
    ['Burnaby, Canada, North America', 'Burnaby, BC, Canada'],
    ['ＶＡＮＣＯＵＶＥＲ', 'Vancouver, BC, Canada'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeLocation(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeLocation: failures', () => {
  it.each([
    // Only a country or a region: the spec asks for at least city, province and country.
    ['Canada', 'incomplete'],
    ['British Columbia', 'incomplete'],
    ['BC', 'incomplete'],
    ['Ontario, Canada', 'incomplete'],
    ['Quebec', 'incomplete'],
    ['USA', 'incomplete'],
    ['加拿大', 'incomplete'],
    ['卑诗省', 'incomplete'],
    ['中国', 'incomplete'],
    ['Victoria, Australia', 'incomplete'],
    // A city we do not know, with a country but no region, cannot be completed.
    ['Smalltown, Canada', 'incomplete'],
    // Junk, contradictions and nothing at all.
    ['asdfgh', 'unknown'],
    ['qwerty uiop', 'unknown'],
    ['123', 'unknown'],
    ['Springfield', 'unknown'],
    ['Vancouver, BC, USA', 'unknown'],
    ['Vancouver Island', 'unknown'],
    ['哈哈哈', 'unknown'],
    ['', 'empty'],
    ['   ', 'empty'],
    [', , ,', 'empty'],
  ])('%j → %s', (input, reason) => {
    expect(standardizeLocation(input)).toEqual({ ok: false, reason });
  });

  it('gives up on an input too long to be a location', () => {
    expect(standardizeLocation('Vancouver '.repeat(40))).toEqual({ ok: false, reason: 'unknown' });
  });
});
