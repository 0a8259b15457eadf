import './app/page.css';
import { mountConsole } from './mountConsole.js';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
mountConsole(container);
