export { NoticesButton } from './NoticesButton.tsx';
