export * from './answer.ts';
export * from './fields.ts';
export * from './browser.ts';
export * from './profileBody.ts';
export * from './profiles.ts';
export * from './groups.ts';
export * from './routes.ts';
export * from './openapi.ts';
