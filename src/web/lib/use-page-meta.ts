import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { metaForPath, NOT_FOUND_META, type PageMeta } from '../../domain/pages';
import { brand } from './config';

/** Keeps document.title and the meta description in step with client-side navigation. */
export function usePageMeta(override?: PageMeta) {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = override ?? metaForPath(pathname, brand) ?? NOT_FOUND_META(brand);
    document.title = meta.title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = meta.description;
  }, [pathname, override]);
}
