export * from './accounts';
export * from './frame';
