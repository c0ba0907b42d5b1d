import { PROFESSION_CATEGORIES, standardizeProfession } from './professions.js';

describe('PROFESSION_CATEGORIES', () => {
  it('is a fixed list of unique Title Case names', () => {
    expect(PROFESSION_CATEGORIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PROFESSION_CATEGORIES).size).toBe(PROFESSION_CATEGORIES.length);
    for (const category of PROFESSION_CATEGORIES) expect(category).toMatch(/^(?:[A-Z][A-Za-z]*|\/)(?: (?:[A-Z][A-Za-z]*|\/))*$/);
  });
});

describe('standardizeProfession: English', () => {
  it.each([
    ['SWE', 'Software Developer'],
    ['software engineer', 'Software Developer'],
    ['Senior Software Engineer at Google', 'Software Developer'],
    ['programmer', 'Software Developer'],
    ['full-stack dev', 'Software Developer'],
    ['Frontend Developers', 'Software Developer'],
    ['machine learning engineer', 'Data Scientist'],
    ['data analyst', 'Data Scientist'],
    ['IT', 'IT Professional'],
    ['I work in IT', 'IT Professional'],
    ['mechanical engineer', 'Engineer'],
    ['UI/UX designer', 'Designer'],
    ['teacher', 'Teacher'],
    ['teaching assistant', 'Teacher'],
    ['professor', 'Professor / Researcher'],
    ['postdoc', 'Professor / Researcher'],
    ['research scientist', 'Scientist'],
    ['Registered Nurse', 'Nurse'],
    ['RN', 'Nurse'],
    ['nurses', 'Nurse'],
    ['MD', 'Doctor'],
    ['family doctor', 'Doctor'],
    ['pharmacist', 'Pharmacist'],
    ['physiotherapist', 'Healthcare Worker'],
    ['Accountant (CPA)', 'Accountant'],
    ['investment banker', 'Finance Professional'],
    ['lawyer', 'Lawyer'],
    ['Marketing manager', 'Marketing Professional'],
    ['sales rep', 'Sales Professional'],
    ['co-founder', 'Entrepreneur'],
    ['restaurant owner', 'Entrepreneur'],
    ['freelancer', 'Freelancer'],
    ['painter', 'Artist'],
    ['singer-songwriter', 'Musician'],
    ['journalist', 'Writer'],
    ['photographer', 'Photographer'],
    ['YouTuber', 'Content Creator'],
    ['line cook', 'Chef'],
    ['cashier', 'Retail Worker'],
    ['Barista', 'Hospitality Worker'],
    ['electrician', 'Tradesperson'],
    ['Uber driver', 'Transportation Worker'],
    ['Product Manager', 'Manager'],
    ['manager at a restaurant', 'Manager'],
    ['Director of Engineering', 'Manager'],
    ['consultant', 'Consultant'],
    ['police officer', 'Civil Servant'],
    ['receptionist', 'Administrative Professional'],
    ['student advisor', 'Administrative Professional'],
    ['Realtor', 'Real Estate Agent'],
    ['social worker', 'Social Worker'],
    ['personal trainer', 'Athlete / Coach'],
    ['stay-at-home mom', 'Homemaker'],
    ['retired', 'Retired'],
    ['retired teacher', 'Retired'],
    ['unemployed engineer', 'Job Seeker'],
    ['other', 'Other'],
    // Light typo tolerance: one slip in a long word.
    ['programer', 'Software Developer'],
    ['acountant', 'Accountant'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeProfession(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeProfession: a student is a student first', () => {
  it.each([
    ['student', 'Undergraduate Student'],
    ['CS student', 'Undergraduate Student'],
    ['Computer Science student', 'Undergraduate Student'],
    ['nursing student', 'Undergraduate Student'],
    ['college student', 'Undergraduate Student'],
    ['software engineering student, part-time barista', 'Undergraduate Student'],
    ['high school student', 'High School Student'],
    ['grade 11 student', 'High School Student'],
    ["Master's student", 'Graduate Student'],
    ['grad student', 'Graduate Student'],
    ['med student', 'Graduate Student'],
    ['MBA', 'Graduate Student'],
    ['PhD student in biology', 'PhD Student'],
    ['PhD candidate', 'PhD Student'],
    ['PhD', 'PhD Student'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeProfession(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeProfession: Chinese', () => {
  it.each([
    ['高中生', 'High School Student'],
    ['学生', 'Undergraduate Student'],
    ['大学生', 'Undergraduate Student'],
    ['本科生', 'Undergraduate Student'],
    ['大一学生', 'Undergraduate Student'],
    ['留学生', 'Undergraduate Student'],
    ['研究生', 'Graduate Student'],
    ['硕士', 'Graduate Student'],
    ['计算机专业研究生', 'Graduate Student'],
    ['博士', 'PhD Student'],
    ['博士生', 'PhD Student'],
    ['博士后', 'Professor / Researcher'],
    ['软件开发', 'Software Developer'],
    ['软件工程师', 'Software Developer'],
    ['程序员', 'Software Developer'],
    ['我是程序员', 'Software Developer'],
    ['軟體工程師', 'Software Developer'],
    ['数据分析师', 'Data Scientist'],
    ['工程师', 'Engineer'],
    ['电气工程师', 'Engineer'],
    ['设计师', 'Designer'],
    ['UI设计师', 'Designer'],
    ['老师', 'Teacher'],
    ['教师', 'Teacher'],
    ['大学老师', 'Professor / Researcher'],
    ['医生', 'Doctor'],
    ['醫生', 'Doctor'],
    ['护士', 'Nurse'],
    ['药剂师', 'Pharmacist'],
    ['会计', 'Accountant'],
    ['我在银行工作', 'Finance Professional'],
    ['律师', 'Lawyer'],
    ['销售', 'Sales Professional'],
    ['创业者', 'Entrepreneur'],
    ['自由职业', 'Freelancer'],
    ['音乐人', 'Musician'],
    ['记者', 'Writer'],
    ['摄影师', 'Photographer'],
    ['博主', 'Content Creator'],
    ['厨师', 'Chef'],
    ['服务员', 'Hospitality Worker'],
    ['电工', 'Tradesperson'],
    ['快递员', 'Transportation Worker'],
    ['产品经理', 'Manager'],
    ['顾问', 'Consultant'],
    ['公务员', 'Civil Servant'],
    ['行政', 'Administrative Professional'],
    ['房地产经纪', 'Real Estate Agent'],
    ['社工', 'Social Worker'],
    ['健身教练', 'Athlete / Coach'],
    ['全职妈妈', 'Homemaker'],
    ['退休', 'Retired'],
    ['待业', 'Job Seeker'],
    ['其他', 'Other'],
  ])('%s → %s', (input, expected) => {
    expect(standardizeProfession(input)).toEqual({ ok: true, standardized: expected });
  });
});

describe('standardizeProfession: failures are honest, never "Other"', () => {
  it.each([
    ['asdfgh', 'unknown'],
    ['qwerty', 'unknown'],
    ['lorem ipsum', 'unknown'],
    ['123', 'unknown'],
    ['intern', 'unknown'],
    ['哈哈哈', 'unknown'],
    ['随便写的', 'unknown'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['!!!', 'empty'],
  ])('%j → %s', (input, reason) => {
    expect(standardizeProfession(input)).toEqual({ ok: false, reason });
  });
});
