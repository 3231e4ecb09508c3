export { FeedbackButton } from './FeedbackButton.tsx';
