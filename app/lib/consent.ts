/** Cookie consent (docs/product.md §3): necessary is always on; analytics and marketing are opt-in. */
export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}
