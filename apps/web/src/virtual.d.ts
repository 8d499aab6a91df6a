/** The build-time data modules (build/hookplay-data.ts). */
declare module 'virtual:hookplay/catalog' {
  const catalog: import('@hookplay/engine/browser').DialectInfo[];
  export default catalog;
}
declare module 'virtual:hookplay/config-schemas' {
  const schemas: ReturnType<typeof import('@hookplay/engine/browser').configSchemas>;
  export default schemas;
}
declare module 'virtual:hookplay/examples' {
  const examples: import('../build/hookplay-data').ExampleEntry[];
  export default examples;
}
