import { describe, expect, it } from 'vitest';
import { isKeyPath } from './key-paths';
import { isSignedPath } from './signing';

describe('the API-key paths', () => {
  it('are the open API and the MCP endpoint, and nothing that merely starts with the same letters', () => {
    expect(isKeyPath('/open/v1/keywords/search')).toBe(true);
    expect(isKeyPath('/open/v1')).toBe(true);
    expect(isKeyPath('/mcp')).toBe(true);
    expect(isKeyPath('/mcp/session')).toBe(true);
    expect(isKeyPath('/mcpx')).toBe(false);
    expect(isKeyPath('/open/v10/keywords/search')).toBe(false);
    expect(isKeyPath('/api/keyword/search')).toBe(false);
  });

  it('are never signed, while every other /api call still is', () => {
    expect(isSignedPath('/open/v1/keywords/search')).toBe(false);
    expect(isSignedPath('/mcp')).toBe(false);
    expect(isSignedPath('/api/keyword/search')).toBe(true);
  });
});
