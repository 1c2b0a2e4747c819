export * from './roles';
export * from './staff';
export * from './audit';
