// The module the bundler writes at start: every plugin's admin extension (see ../bundle.ts).
declare module 'storekeep-admin:extensions' {
  const extensions: { plugin: string; extension: unknown }[];
  export default extensions;
}
