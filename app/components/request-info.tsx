import { createContext, useContext } from "react";

export type ThemeChoice = "dark" | "light" | "system";

/** What the document knows about the request even when every loader failed. */
export interface RequestInfo {
  requestId: string;
  theme: ThemeChoice;
  /** The document's CSP nonce (server render only; browsers hide it from scripts). */
  nonce?: string;
}

const RequestInfoContext = createContext<RequestInfo>({ requestId: "unknown", theme: "system" });

export const RequestInfoProvider = RequestInfoContext.Provider;

export function useRequestInfo(): RequestInfo {
  return useContext(RequestInfoContext);
}

export function parseTheme(value: string | null | undefined): ThemeChoice {
  return value === "dark" || value === "light" ? value : "system";
}
