import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { loadMonaco } from './lib/editor/loader';

// The editor's chunk is most of what the first editable editor waits for: start fetching it before the page mounts.
void loadMonaco();
mount(App, { target: document.getElementById('app')! });
