/**
 * The platform scope of the video library: the `platform` of its creators, videos, live sessions and
 * topics, and the scope of their title and nickname grams. Platform data is imported per platform; the
 * pages show Douyin's, the DSO scope (the keyword search's too).
 */
export const VIDEO_PLATFORM = 'DSO';
