/**
 * whisper.cpp's `main` prints one line per segment on stdout:
 *
 *     [00:00:00.000 --> 00:00:02.500]   Hello there.
 *     [00:00:02.500 --> 00:00:04.000]   [BLANK_AUDIO]
 *
 * (whisper-node's own parser splits these lines too, but drops the first segment and hides
 * errors, so the worker hands over the raw output and it is read here.) The result is plain
 * text: the segments joined, sound annotations such as [BLANK_AUDIO], [MUSIC] or (wind blowing)
 * dropped, whitespace collapsed.
 */
const SEGMENT = /^\s*\[\d{2}:\d{2}:\d{2}[.,]\d{3}\s*-->\s*\d{2}:\d{2}:\d{2}[.,]\d{3}\]\s?(.*)$/;

// Scripts written without spaces between words: no space is put between their segments.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef]/u;

export function parseWhisperOutput(stdout: string): string {
  const segments: string[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = SEGMENT.exec(line);
    if (!match) continue;
    const text = (match[1] ?? '')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    // A segment that is only an annotation: "(music)", "*laughs*", "♪♪".
    if (!text || /^\([^)]*\)$/.test(text) || /^\*[^*]*\*$/.test(text) || /^[\s♪♫.…-]*$/u.test(text)) continue;
    segments.push(text);
  }
  let joined = '';
  for (const segment of segments) {
    if (joined && !(UNSPACED.test(joined.at(-1) ?? '') || UNSPACED.test(segment[0] ?? ''))) joined += ' ';
    joined += segment;
  }
  return joined.trim();
}
