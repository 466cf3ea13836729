// Fonts are bundled by esbuild's file loader (build.mjs): importing one gives its hashed URL.
declare module "*.woff2" {
  const url: string;
  export default url;
}
