export { ContactFloatButton } from './ContactFloatButton.tsx';
export { contactChannels } from './contactChannels.ts';
