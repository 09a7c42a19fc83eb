// A module resolve hook (registered by the plugin loader with module.register): every import of
// `@storekeep-commerce/sdk` or one of its subpaths, from anywhere, resolves to the running store's own
// packages/sdk. A plugin package that carries its own nested copy of the SDK (an `npm install` inside
// the plugin's folder, a bundled node_modules) still gets this store's kernel: one definePlugin, one set
// of error classes and hooks. Plain JavaScript: hooks run on Node's loader thread, before tsx's own
// hooks there could compile TypeScript; they pass the resolved .ts file on to tsx as usual.

const SDK = '@storekeep-commerce/sdk';
let sdkPackageUrl;

/** `data.sdkPackageUrl`: the file URL of the store's packages/sdk/package.json. */
export function initialize(data) {
  sdkPackageUrl = data.sdkPackageUrl;
}

export function resolve(specifier, context, nextResolve) {
  if (sdkPackageUrl && (specifier === SDK || specifier.startsWith(`${SDK}/`))) {
    // Resolved from inside the store's SDK package: its name refers to itself there (the package's
    // "exports" map applies), whatever node_modules the importer has.
    return nextResolve(specifier, { ...context, parentURL: sdkPackageUrl });
  }
  return nextResolve(specifier, context);
}
