import { vi } from 'vitest';

/**
 * Component tests never reach a server: the WebSocket is a stand-in that stays "connecting", so the
 * screens show what the tickers query holds.
 */
export class IdleSocket {
  static opened: string[] = [];
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  constructor(url: string) {
    IdleSocket.opened.push(url);
  }
  send() {}
  close() {}
}

export function stubWebSocket() {
  IdleSocket.opened = [];
  vi.stubGlobal('WebSocket', IdleSocket);
}
