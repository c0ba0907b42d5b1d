import { useCallback, useEffect, useRef } from 'react';

/** A chosen file with the object URL its preview shows. */
export interface Picked {
  id: string;
  file: File;
  url: string;
}

/** Object URLs for the previews of chosen files; every one still alive is revoked when the editor goes. */
export function usePreviewUrls() {
  const liveUrls = useRef(new Set<string>());
  const pick = useCallback((file: File): Picked => {
    const url = URL.createObjectURL(file);
    liveUrls.current.add(url);
    return { id: `${file.name}-${String(file.size)}-${url}`, file, url };
  }, []);
  const release = useCallback((picked: Picked | null) => {
    if (!picked) return;
    URL.revokeObjectURL(picked.url);
    liveUrls.current.delete(picked.url);
  }, []);
  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  return { pick, release };
}
