package dev.ioverdict.analysis.block;

/**
 * btt's per-device tree of queued bios: a red-black tree keyed by start sector, balanced exactly
 * as the Linux lib/rbtree btt links in. The exact shape matters: btt's lookups are interval
 * searches that prune by start sector alone, so with overlapping bios in flight what a G or a C
 * finds depends on where each node sits (dip_rb.c {@code rb_find_sec}, {@code rb_foreach}).
 * Sectors compare unsigned, as btt's u64 do.
 */
final class QueueTree {
    private QueuedIo root;
    private int size;

    int size() {
        return size;
    }

    /**
     * Links {@code q}. A bio already in the tree with the same start sector is replaced in
     * place (btt 2.09: "btt: Replace overlapping IO") and dropped: it is returned so the caller
     * knows it will never complete.
     */
    QueuedIo insert(QueuedIo q) {
        QueuedIo parent = null;
        QueuedIo n = root;
        boolean toLeft = false;
        while (n != null) {
            parent = n;
            int c = Long.compareUnsigned(q.start, n.start);
            if (c < 0) {
                n = n.left;
                toLeft = true;
            } else if (c > 0) {
                n = n.right;
                toLeft = false;
            } else {
                replace(n, q);
                return n;
            }
        }
        q.parent = parent;
        q.left = null;
        q.right = null;
        q.red = true;
        q.inTree = true;
        if (parent == null) {
            root = q;
        } else if (toLeft) {
            parent.left = q;
        } else {
            parent.right = q;
        }
        size++;
        insertColor(q);
        return null;
    }

    /** The bio whose [start, end) holds {@code sector}, searched as btt does (rb_find_sec). */
    QueuedIo find(long sector) {
        QueuedIo n = root;
        while (n != null) {
            if (Long.compareUnsigned(sector, n.start) < 0) {
                n = n.left;
            } else if (Long.compareUnsigned(sector, n.end) >= 0) {
                n = n.right;
            } else {
                return n;
            }
        }
        return null;
    }

    /**
     * Adds to {@code out}, in btt's visiting order, every bio lying inside [start, end] that
     * btt's pruned pre-order walk reaches (rb_foreach).
     */
    void collectInside(long start, long end, Found out) {
        collect(root, start, end, out);
    }

    private static void collect(QueuedIo n, long start, long end, Found out) {
        while (n != null) {
            if (Long.compareUnsigned(start, n.start) <= 0 && Long.compareUnsigned(n.end, end) <= 0) {
                out.add(n);
            }
            boolean goLeft = Long.compareUnsigned(start, n.start) < 0;
            boolean goRight = Long.compareUnsigned(n.end, end) < 0;
            if (goLeft && goRight) {
                collect(n.left, start, end, out);
                n = n.right;
            } else if (goLeft) {
                n = n.left;
            } else if (goRight) {
                n = n.right;
            } else {
                return;
            }
        }
    }

    void remove(QueuedIo node) {
        if (!node.inTree) {
            return;
        }
        size--;
        node.inTree = false;
        QueuedIo child;
        QueuedIo parent;
        boolean red;
        if (node.left == null) {
            child = node.right;
        } else if (node.right == null) {
            child = node.left;
        } else {
            // Two children: the in-order successor takes the node's place and colour.
            QueuedIo old = node;
            QueuedIo next = node.right;
            while (next.left != null) {
                next = next.left;
            }
            child = next.right;
            parent = next.parent;
            red = next.red;
            if (child != null) {
                child.parent = parent;
            }
            if (parent == old) {
                parent.right = child;
                parent = next;
            } else {
                parent.left = child;
            }
            next.parent = old.parent;
            next.red = old.red;
            next.right = old.right;
            next.left = old.left;
            if (old.parent != null) {
                if (old.parent.left == old) {
                    old.parent.left = next;
                } else {
                    old.parent.right = next;
                }
            } else {
                root = next;
            }
            old.left.parent = next;
            if (old.right != null) {
                old.right.parent = next;
            }
            unlink(old);
            if (!red) {
                eraseColor(child, parent);
            }
            return;
        }
        parent = node.parent;
        red = node.red;
        if (child != null) {
            child.parent = parent;
        }
        if (parent != null) {
            if (parent.left == node) {
                parent.left = child;
            } else {
                parent.right = child;
            }
        } else {
            root = child;
        }
        unlink(node);
        if (!red) {
            eraseColor(child, parent);
        }
    }

    private void replace(QueuedIo old, QueuedIo q) {
        q.parent = old.parent;
        q.left = old.left;
        q.right = old.right;
        q.red = old.red;
        q.inTree = true;
        if (old.parent == null) {
            root = q;
        } else if (old.parent.left == old) {
            old.parent.left = q;
        } else {
            old.parent.right = q;
        }
        if (q.left != null) {
            q.left.parent = q;
        }
        if (q.right != null) {
            q.right.parent = q;
        }
        old.inTree = false;
        unlink(old);
    }

    private static void unlink(QueuedIo n) {
        n.parent = null;
        n.left = null;
        n.right = null;
    }

    private void insertColor(QueuedIo node) {
        QueuedIo parent;
        while ((parent = node.parent) != null && parent.red) {
            QueuedIo gparent = parent.parent;
            if (parent == gparent.left) {
                QueuedIo uncle = gparent.right;
                if (uncle != null && uncle.red) {
                    uncle.red = false;
                    parent.red = false;
                    gparent.red = true;
                    node = gparent;
                    continue;
                }
                if (parent.right == node) {
                    rotateLeft(parent);
                    QueuedIo tmp = parent;
                    parent = node;
                    node = tmp;
                }
                parent.red = false;
                gparent.red = true;
                rotateRight(gparent);
            } else {
                QueuedIo uncle = gparent.left;
                if (uncle != null && uncle.red) {
                    uncle.red = false;
                    parent.red = false;
                    gparent.red = true;
                    node = gparent;
                    continue;
                }
                if (parent.left == node) {
                    rotateRight(parent);
                    QueuedIo tmp = parent;
                    parent = node;
                    node = tmp;
                }
                parent.red = false;
                gparent.red = true;
                rotateLeft(gparent);
            }
        }
        root.red = false;
    }

    private void eraseColor(QueuedIo node, QueuedIo parent) {
        while ((node == null || !node.red) && node != root) {
            if (parent.left == node) {
                QueuedIo other = parent.right;
                if (other.red) {
                    other.red = false;
                    parent.red = true;
                    rotateLeft(parent);
                    other = parent.right;
                }
                if (isBlack(other.left) && isBlack(other.right)) {
                    other.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (isBlack(other.right)) {
                        if (other.left != null) {
                            other.left.red = false;
                        }
                        other.red = true;
                        rotateRight(other);
                        other = parent.right;
                    }
                    other.red = parent.red;
                    parent.red = false;
                    if (other.right != null) {
                        other.right.red = false;
                    }
                    rotateLeft(parent);
                    node = root;
                    break;
                }
            } else {
                QueuedIo other = parent.left;
                if (other.red) {
                    other.red = false;
                    parent.red = true;
                    rotateRight(parent);
                    other = parent.left;
                }
                if (isBlack(other.left) && isBlack(other.right)) {
                    other.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (isBlack(other.left)) {
                        if (other.right != null) {
                            other.right.red = false;
                        }
                        other.red = true;
                        rotateLeft(other);
                        other = parent.left;
                    }
                    other.red = parent.red;
                    parent.red = false;
                    if (other.left != null) {
                        other.left.red = false;
                    }
                    rotateRight(parent);
                    node = root;
                    break;
                }
            }
        }
        if (node != null) {
            node.red = false;
        }
    }

    private static boolean isBlack(QueuedIo n) {
        return n == null || !n.red;
    }

    private void rotateLeft(QueuedIo node) {
        QueuedIo right = node.right;
        QueuedIo parent = node.parent;
        node.right = right.left;
        if (right.left != null) {
            right.left.parent = node;
        }
        right.left = node;
        right.parent = parent;
        if (parent != null) {
            if (node == parent.left) {
                parent.left = right;
            } else {
                parent.right = right;
            }
        } else {
            root = right;
        }
        node.parent = right;
    }

    private void rotateRight(QueuedIo node) {
        QueuedIo left = node.left;
        QueuedIo parent = node.parent;
        node.left = left.right;
        if (left.right != null) {
            left.right.parent = node;
        }
        left.right = node;
        left.parent = parent;
        if (parent != null) {
            if (node == parent.right) {
                parent.right = left;
            } else {
                parent.left = left;
            }
        } else {
            root = left;
        }
        node.parent = left;
    }
}
