/**
 * ibantools 4.5.3 points `main` at a CommonJS build while declaring `"type": "module"`, so Node's ESM loader
 * finds no named exports (Simplify/ibantools#672, fixed after 4.5.3). Its ESM build is imported directly; these
 * are the package's own types for it.
 */
declare module 'ibantools/jsnext/ibantools.js' {
  export * from 'ibantools';
}
