export * from './accounts';
export * from './frame';
export * from './keywords';
