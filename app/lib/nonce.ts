// The request's Content-Security-Policy nonce, handed from the server entry to
// the scripts React Router renders. Prerendered pages and the browser have
// none (the prerendered pages' inline scripts are allowed by their hashes).
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
