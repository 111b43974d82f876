/**
 * The example keyword the search boxes show (搜索抖音关键词，例如：露营装备). It is one of the demo
 * library's head terms, and a server test checks that it finds rows on every Chinese platform.
 */
export const searchExampleKeyword = '露营装备';
