/** Short-lived messages (copied, deleted with Undo, load errors), announced to screen readers. */
export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  action?: { label: string; run: () => void } | undefined;
}

class Toasts {
  items = $state<Toast[]>([]);
  #next = 1;

  push(message: string, tone: Toast['tone'] = 'info', action?: Toast['action'], ms = action ? 8000 : tone === 'error' ? 9000 : 3500): void {
    const id = this.#next++;
    this.items.push({ id, message, tone, action });
    setTimeout(() => this.dismiss(id), ms);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}

export const toasts = new Toasts();
