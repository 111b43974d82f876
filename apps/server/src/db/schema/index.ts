export * from './accounts';
export * from './extraction';
export * from './frame';
export * from './jobs';
export * from './keywords';
export * from './orders';
export * from './videos';
export * from './writing';
