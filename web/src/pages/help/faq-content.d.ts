// The Help Center's questions, read from content/help/ when the web app is built (web/build/faq.ts).
declare module 'virtual:faq' {
  const faqs: Record<'en' | 'zh-Hans' | 'fr', { question: string; answer: string[] }[]>;
  export default faqs;
}
