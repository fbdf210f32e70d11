/** Sets the page title ("Page | Brand"), description, canonical URL and social metadata (SPEC §2.1). */
import { useEffect } from 'react';
import { config } from '../app/config.ts';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function pageTitle(title: string) {
  return title ? `${title} | ${config.brandName}` : config.brandName;
}

export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    const full = pageTitle(title);
    document.title = full;
    const url = `${location.origin}${location.pathname}`;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:site_name', config.brandName);
    setMeta('name', 'twitter:card', 'summary');
    setMeta('name', 'twitter:title', full);
    setMeta('name', 'twitter:description', description);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = url;
  }, [title, description]);
}
