// Every app catalogue of one language, in one chunk that loads when the language is chosen.
export default import.meta.glob<Record<string, unknown>>('../../../../content/i18n/app/fr/*.json', { eager: true, import: 'default' });
