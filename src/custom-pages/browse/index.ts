export { BrowsePage } from './BrowsePage';
export { NoLongerMember } from './NoLongerMember';
