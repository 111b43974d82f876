import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/feedback';

export interface RemoveFromPageOptions {
  /** The page shown and how to move to another. */
  page: number;
  onPageChange(page: number): void;
  /** How many items the page shown holds. */
  itemsOnPage: number;
  /** Deletes the item on the server. */
  deleteItem(id: number): Promise<unknown>;
  /** The toast on success (删除成功 and the like). */
  removedText: string;
  /** The list query's key prefix, refreshed after a delete. */
  queryKey: QueryKey;
}

/**
 * Deleting an item of a paged list: the success toast, a step back a page when the last item of a later
 * page goes (that page would be empty), and the list refreshed. A refusal is left to the client's response
 * handler, which has already shown the reason.
 */
export function useRemoveFromPage(options: RemoveFromPageOptions) {
  const queryClient = useQueryClient();
  return async (id: number) => {
    try {
      await options.deleteItem(id);
      toast(options.removedText, 'success');
      if (options.itemsOnPage === 1 && options.page > 1) options.onPageChange(options.page - 1);
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    } catch {
      // The client's response handler has shown the reason.
    }
  };
}
