import { mount } from 'svelte';
import './app.css';
import Viewer from './Viewer.svelte';

mount(Viewer, { target: document.getElementById('app')! });
