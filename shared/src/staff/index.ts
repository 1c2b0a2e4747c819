export * from './roles';
export * from './staff';
export * from './audit';
export * from './account';
