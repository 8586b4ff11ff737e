import { DEFAULT_BRAND, type Brand } from '../../domain/brand';

interface ClientConfig {
  brand: Brand;
}

/** The configuration the server writes into index.html (#app-config); defaults in dev. */
function readConfig(): ClientConfig {
  const element = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as Partial<ClientConfig>;
      return { brand: { ...DEFAULT_BRAND, ...parsed.brand } };
    } catch {
      // Fall through to the defaults: a broken block must not break the page.
    }
  }
  return { brand: DEFAULT_BRAND };
}

export const clientConfig = readConfig();
export const brand = clientConfig.brand;
