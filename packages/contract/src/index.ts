import { z } from 'zod';

// Validation messages in Chinese wherever a schema gives none of its own.
z.config(z.locales.zhCN());

export * from './auth';
export * from './codes';
export * from './envelope';
export * from './frame';
export * from './input';
export * from './keyword-details';
export * from './keywords';
export * from './permissions';
export * from './signing';
export * from './user';
export * from './wechat';
