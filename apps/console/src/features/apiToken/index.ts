export { ApiTokenMenu } from './ApiTokenMenu.tsx';
