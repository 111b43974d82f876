import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogs } from '../../../../stores/dialogs';
import { renderKeywords } from '../../testing';
import { FindWordsBox } from './find-words-box';

const input = () => screen.getByLabelText('找词') as HTMLInputElement;
const note = '请输入您的行业核心关键词，10个字以内';

describe('the find-words box', () => {
  it('takes at most 10 characters', () => {
    renderKeywords(<FindWordsBox />, { viewer: 'FREE' });
    expect(input().maxLength).toBe(10);
  });

  it('shows the 10-character note only once the box is full', () => {
    renderKeywords(<FindWordsBox />, { viewer: 'FREE' });
    fireEvent.change(input(), { target: { value: '美妆护肤' } });
    expect(screen.queryByText(note)).toBeNull();
    fireEvent.change(input(), { target: { value: '一二三四五六七八九十' } });
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('takes a logged-in user to AI keyword selection with the word', () => {
    renderKeywords(<FindWordsBox />, { viewer: 'FREE' });
    fireEvent.change(input(), { target: { value: '宠物用品' } });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('address').textContent).toBe(`/keyWordSeo?keyword=${encodeURIComponent('宠物用品')}`);
  });

  it('asks a visitor to log in first and keeps where they wanted to go', () => {
    renderKeywords(<FindWordsBox />);
    fireEvent.change(input(), { target: { value: '宠物用品' } });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(useDialogs.getState().open.login).toBe(true);
    expect(sessionStorage.getItem('logOutPath')).toBe(`/keyWordSeo?keyword=${encodeURIComponent('宠物用品')}`);
    expect(screen.getByTestId('address').textContent).toBe('/KeywordDouyin/searchWord');
  });

  it('does nothing when empty', () => {
    renderKeywords(<FindWordsBox />, { viewer: 'FREE' });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('address').textContent).toBe('/KeywordDouyin/searchWord');
  });
});
