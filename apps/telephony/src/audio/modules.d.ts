// The WASM packages ship JavaScript without types; what the gateway uses of them is typed where it is used.
declare module "espeak-ng" {
  const factory: unknown;
  export default factory;
}
declare module "@echogarden/fvad-wasm" {
  const factory: unknown;
  export default factory;
}
