export * from './messages';
export * from './constants';
export * from './storage';
export * from './fields';
export * from './auth';
export * from './routes';
export * from './timeclock';
export * from './settings';
