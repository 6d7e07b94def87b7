export * from './contract';
export * from './result';
export * from './push';
export * from './app';
export * from './bridge';
export * from './accounts';
export * from './realm';
