/**
 * What a file is, judged by its first bytes only: never by its name or the content type the
 * client declared.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp';
export type VideoFormat = 'mp4' | 'mov' | 'webm';

/** How many leading bytes the sniffers need. */
export const SNIFF_BYTES = 64;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * ISO base media brands of MP4 and QuickTime video. HEIC/AVIF images are ISO BMFF files too
 * (brands heic, mif1, avif…), which is why the brand is checked, not just the `ftyp` box.
 */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'MSNV', 'NDAS', 'f4v ', 'mmp4',
  '3gp4', '3gp5', '3gp6', '3g2a',
]);
const MOV_BRAND = 'qt  ';

export function sniffVideo(head: Buffer): VideoFormat | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && head.readUInt32BE(0) >= 12) {
    const brand = ascii(head, 8, 12);
    if (brand === MOV_BRAND) return 'mov';
    if (MP4_BRANDS.has(brand)) return 'mp4';
    return null;
  }
  // Matroska shares the EBML magic; a WEBM file names its DocType ("webm") in the header that follows.
  if (head.subarray(0, EBML.length).equals(EBML) && head.includes('webm', EBML.length, 'latin1')) return 'webm';
  return null;
}
