import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PDFParse } from 'pdf-parse';
import request from 'supertest';

import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { renderLegalPdf } from './legal-pdf.js';
import { fingerprintFileName, LegalService, legalFingerprint, pdfFileName } from './legal.service.js';

const SITE = { PRODUCT_NAME: 'Campfire', COMPANY_NAME: 'Maple Campus Co-op', SUPPORT_EMAIL: 'help@maple.example', SUPPORT_PHONE: '+1 604 555 0199', COMPANY_URL: 'https://maple.example', LEGAL_EFFECTIVE_DATE: '2026-01-15', LEGAL_VERSION: '1.1', POSTAL_ADDRESS: '100 Example Street, Exampletown, EX 00000' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SITE);
});
afterAll(() => t.close());

async function parse(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text.replace(/\s+/g, ' ') };
  } finally {
    await parser.destroy();
  }
}

describe('the legal PDFs', () => {
  it.each([
    ['terms-of-service', 8, ['Campfire Terms of Service', 'Issued by Maple Campus Co-op', 'Version 1.1', 'January 15, 2026', '5.99 CAD', '90 days', 'British Columbia']],
    ['privacy-policy', 12, ['Campfire Privacy Policy', 'Issued by Maple Campus Co-op', 'January 15, 2026', 'PIPEDA', 'Privacy Act', 'Argon2id', 'Stripe', 'help@maple.example', '90 days later']],
  ] as const)('%s has %i pages with the settings in its text', async (id, pages, phrases) => {
    const res = await request(t.app).get(`/legal/${id}.pdf`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Campfire-${id}.pdf"`);
    const parsed = await parse(res.body as Buffer);
    expect(parsed.pages).toBe(pages);
    for (const phrase of phrases) expect(parsed.text).toContain(phrase);
    expect(parsed.text).toContain(`Page ${String(pages)} of ${String(pages)}`);
    expect(parsed.text).not.toMatch(/\{\w+\}/); // every placeholder filled
  });

  it('has the spec\'s defaults: Version 1.0 dated September 20, 2025', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const legal = new LegalService(config, '/nonexistent');
    const parsed = await parse(await renderLegalPdf(legal.document('terms-of-service'), config.productName));
    expect(parsed.text).toContain('Version 1.0 · September 20, 2025');
    expect(parsed.pages).toBe(8);
  });

  it('serves the PDF typeset at build time while it matches the settings, and typesets its own when not', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kindred-legal-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', ...SITE });
      const built = Buffer.from('%PDF-1.3 built at build time');
      const document = new LegalService(config, dir).document('privacy-policy');
      await writeFile(path.join(dir, pdfFileName('privacy-policy')), built);
      await writeFile(path.join(dir, fingerprintFileName('privacy-policy')), `${legalFingerprint(document, 'Campfire')}\n`);
      expect(await new LegalService(config, dir).pdf('privacy-policy')).toEqual(built);

      const renamed = loadConfig({ NODE_ENV: 'test', ...SITE, COMPANY_NAME: 'Another Co' });
      const own = await new LegalService(renamed, dir).pdf('privacy-policy');
      expect((await parse(own)).text).toContain('Issued by Another Co');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('knows only its two documents', async () => {
    await request(t.app).get('/legal/secrets.pdf').expect(404);
    await request(t.app).get('/api/legal/..%2Fconfig').expect(404);
    await request(t.app).get('/api/legal/constructor').expect(404);
    await request(t.app).get('/legal/constructor.pdf').expect(404);
  });
});

describe('the public facts', () => {
  it('tell the contact page who runs this server, with a map link that loads nothing until followed', async () => {
    const site = (await request(t.app).get('/api/site').expect(200)).body;
    expect(site).toEqual({
      product: 'Campfire',
      company: 'Maple Campus Co-op',
      companyUrl: 'https://maple.example',
      email: 'help@maple.example',
      phone: '+1 604 555 0199',
      address: '100 Example Street, Exampletown, EX 00000',
      mapUrl: 'https://www.openstreetmap.org/search?query=100%20Example%20Street%2C%20Exampletown%2C%20EX%2000000',
      freeSearchesPerDay: 10000,
    });
    const terms = (await request(t.app).get('/api/legal/terms-of-service').expect(200)).body;
    expect(terms).toMatchObject({ id: 'terms-of-service', title: 'Terms of Service', company: 'Maple Campus Co-op', version: '1.1', effectiveDate: 'January 15, 2026' });
    expect(terms.pages).toHaveLength(8);
  });

  it('print no address of anyone while POSTAL_ADDRESS is unset: a placeholder naming it outside production, "on request" in production', () => {
    const { POSTAL_ADDRESS: _unset, ...withoutAddress } = SITE;
    const local = new LegalService(loadConfig({ NODE_ENV: 'test', ...withoutAddress }), '/nonexistent');
    expect(local.site()).toMatchObject({ address: '[postal address not set: POSTAL_ADDRESS]', mapUrl: null });
    const policy = JSON.stringify(local.document('privacy-policy'));
    expect(policy).toContain('or by mail at [postal address not set: POSTAL_ADDRESS]');
    expect(policy).not.toMatch(/West Mall|Vancouver, BC V6T/);

    const production = loadConfig({ ...withoutAddress, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://kindred.example.edu' });
    const live = new LegalService(production, '/nonexistent');
    expect(live.site()).toMatchObject({ address: 'the postal address given on request at help@maple.example', mapUrl: null });
    expect(JSON.stringify(live.document('terms-of-service'))).not.toContain('POSTAL_ADDRESS');
  });

  it('refuse settings that are not what they say', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ COMPANY_URL: 'javascript:alert(1)' })).toThrow(/COMPANY_URL/);
    expect(() => loadConfig({ LEGAL_EFFECTIVE_DATE: 'Sept 20' })).toThrow(/LEGAL_EFFECTIVE_DATE/);
    // Payments that could not work safely are turned off (and logged at start), not started.
    const unsafe = [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://kindred.example.edu', STRIPE_SECRET_KEY: 'sk_live_abc' },
      { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:9' },
    ];
    expect(unsafe.map((env) => loadConfig(env).payments.stripeSecretKey)).toEqual([undefined, undefined]);
    expect(unsafe.map((env) => loadConfig(env).disabledFeatures[0]?.issues[0])).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: /), expect.stringMatching(/^STRIPE_API_URL: /)]);
  });
});

describe('the legal texts in three languages', () => {
  it('answers in ?lang=, says the English binds, and lists the languages the text is in', async () => {
    const fr = (await request(t.app).get('/api/legal/privacy-policy?lang=fr').expect(200)).body;
    expect(fr).toMatchObject({ id: 'privacy-policy', language: 'fr', binding: 'en', title: 'Politique de confidentialité', effectiveDate: '15 janvier 2026' });
    expect(fr.languages).toEqual(['en', 'zh-Hans', 'fr']);
    expect(fr.pages[0].sections[0].heading).toBe('À propos de cette traduction');
    const zh = await request(t.app).get('/api/legal/privacy-policy?lang=zh-Hans').expect(200);
    expect(zh.headers['content-language']).toBe('zh-Hans');
    expect(zh.body).toMatchObject({ language: 'zh-Hans', binding: 'en', title: '隐私政策', effectiveDate: '2026年1月15日' });
    const en = (await request(t.app).get('/api/legal/privacy-policy?lang=en').expect(200)).body;
    expect(en).toMatchObject({ language: 'en', binding: 'en', title: 'Privacy Policy', effectiveDate: 'January 15, 2026' });
    expect(JSON.stringify(en)).toContain('the English version governs');
  });

  it('answers in the request\'s language without ?lang= (the kindred_lang cookie, then Accept-Language), English by default', async () => {
    const byCookie = await request(t.app).get('/api/legal/privacy-policy').set('Cookie', 'kindred_lang=zh-Hans').expect(200);
    expect(byCookie.body.language).toBe('zh-Hans');
    expect(byCookie.headers.vary).toMatch(/Cookie/);
    expect((await request(t.app).get('/api/legal/privacy-policy').set('Accept-Language', 'fr-CA,fr;q=0.9').expect(200)).body.language).toBe('fr');
    expect((await request(t.app).get('/api/legal/privacy-policy').expect(200)).body.language).toBe('en');
    expect((await request(t.app).get('/api/legal/privacy-policy?lang=klingon').expect(200)).body.language).toBe('en');
  });

  it('serves each language\'s PDF, by name or by ?lang=', async () => {
    const named = await request(t.app).get('/legal/privacy-policy.zh-Hans.pdf').expect(200);
    expect(named.headers['content-disposition']).toBe('attachment; filename="Campfire-privacy-policy.zh-Hans.pdf"');
    expect(named.headers['content-language']).toBe('zh-Hans');
    const text = (await parse(named.body as Buffer)).text;
    expect(text).toContain('Campfire 隐私政策');
    expect(text).toContain('help@maple.example');
    const french = await request(t.app).get('/legal/privacy-policy.pdf?lang=fr').expect(200);
    expect(french.headers['content-disposition']).toBe('attachment; filename="Campfire-privacy-policy.fr.pdf"');
    expect((await parse(french.body as Buffer)).text).toContain('Publié par Maple Campus Co-op');
  });

  it.each([
    ['zh-Hans', '服务条款', '以英文版本为准'],
    ['fr', 'Conditions d’utilisation', 'la version anglaise prévaut'],
  ] as const)('has the terms of service in %s too, as text and as PDF', async (language, title, binds) => {
    const terms = (await request(t.app).get(`/api/legal/terms-of-service?lang=${language}`).expect(200)).body;
    expect(terms).toMatchObject({ language, binding: 'en', title });
    const pdf = await request(t.app).get(`/legal/terms-of-service.${language}.pdf`).expect(200);
    const text = (await parse(pdf.body as Buffer)).text;
    expect(text).toContain(title);
    expect(text).toContain(binds);
    expect(text).not.toMatch(/\{\w+\}/);
  });
});
