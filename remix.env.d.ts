/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch (remix.config.js future.v3_singleFetch): loaders and actions return plain
// objects or data(); useLoaderData and friends infer the types single fetch serialises.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
