import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; the browser has no use for it after load). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
