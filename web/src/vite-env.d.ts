/// <reference types="vite/client" />

/** One part of a language's catalogue, split at build time by build-tools/catalogue-split.ts. */
declare module 'virtual:catalogue/*' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
