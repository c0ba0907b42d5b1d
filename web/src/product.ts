// The product name is a server setting (PRODUCT_NAME); the server writes it into index.html's
// <meta name="product-name">, so the SPA knows it on first paint without an extra request.
function readProductName(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="product-name"]');
  return meta?.content.trim() || 'Kindred';
}

export const productName = readProductName();
