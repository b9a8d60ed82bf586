/** Cookie consent (SPEC §3): necessary is always on; analytics and marketing are opt-in. */
export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}
