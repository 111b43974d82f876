/**
 * What every upload shares (002 §5, §9): the files one dialog takes at once, and the texts its dialog and the
 * server's upload guard both show, to the character.
 */
export const uploadRules = {
  /** Files one upload dialog takes at most, picked at once and listed (002 §5, §9). */
  filesAtOnce: 2,
} as const;

export const uploadTexts = {
  /** Two files already listed (002 §5). */
  listFull: '最多只能上传两个文件,请先删除',
  /** More than two picked, or sent, at once (002 §5). */
  tooManyAtOnce: '一次最多上传两个文件',
  /** A call that carries no file, or an empty one. */
  noFile: '请选择要上传的文件',
} as const;
