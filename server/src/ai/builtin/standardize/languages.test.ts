import { standardizeLocation } from './location.js';
import { standardizeProfession } from './professions.js';

// A member answers the basic questions in their own language: French and Chinese professions and
// place names read as the English categories and cities the profile stores.

describe('professions and places in French and Chinese', () => {
  it.each([
    ['étudiante', 'Undergraduate Student'],
    ['doctorante en biologie', 'PhD Student'],
    ['développeuse logiciel', 'Software Developer'],
    ['infirmière', 'Nurse'],
    ['ingénieure', 'Engineer'],
    ['comptable', 'Accountant'],
    ['à la retraite', 'Retired'],
    ['软件工程师', 'Software Developer'],
    ['大学生', 'Undergraduate Student'],
    ['护士', 'Nurse'],
  ])('reads the profession %j', (text, category) => {
    expect(standardizeProfession(text)).toEqual({ ok: true, standardized: category });
  });

  it.each([
    ['Montréal', 'Montreal, QC, Canada'],
    ['温哥华', 'Vancouver, BC, Canada'],
    ['多伦多', 'Toronto, ON, Canada'],
  ])('reads the place %j', (text, city) => {
    expect(standardizeLocation(text)).toEqual({ ok: true, standardized: city });
  });
});
