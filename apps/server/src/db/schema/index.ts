export * from './accounts';
export * from './frame';
export * from './jobs';
export * from './keywords';
export * from './orders';
export * from './videos';
