import { h, render } from 'preact';
import { App } from './app';
import './console.css';

const root = document.getElementById('console');
if (root) render(<App />, root);
