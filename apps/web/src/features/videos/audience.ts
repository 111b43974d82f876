/**
 * The video panel's audience and tab-refusal views, public for other features (person detail shows a
 * creator's audience with them). Kept apart from index.ts: the global dialogs import the index
 * statically, and these views carry the chart code, which must stay out of the entry bundle.
 */
import './videos.css';

export { AudienceView } from './components/audience-tab';
export { TabFailure, TabLoginGate } from './components/refusal';
