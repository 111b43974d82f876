import { z } from 'zod';

// Validation messages in Chinese wherever a schema gives none of its own.
z.config(z.locales.zhCN());

export * from './codes';
export * from './envelope';
export * from './frame';
export * from './signing';
export * from './user';
