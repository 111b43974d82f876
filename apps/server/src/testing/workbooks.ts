import * as XLSX from '@e965/xlsx';

/** An Excel file (xlsx unless `bookType` says otherwise) holding `sheet` as its only sheet, named `name`. */
export function workbookFile(sheet: XLSX.WorkSheet, bookType: XLSX.BookType = 'xlsx', name = 'keywords'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name);
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}
