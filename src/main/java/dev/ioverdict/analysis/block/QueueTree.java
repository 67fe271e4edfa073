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
            replaceChild(old.parent, old, next);
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
        replaceChild(parent, node, child);
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
        replaceChild(old.parent, old, q);
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
            // the same steps on either side of the grandparent, mirrored
            boolean parentLeft = parent == gparent.left;
            QueuedIo uncle = child(gparent, !parentLeft);
            if (uncle != null && uncle.red) {
                uncle.red = false;
                parent.red = false;
                gparent.red = true;
                node = gparent;
                continue;
            }
            if (child(parent, !parentLeft) == node) {
                rotate(parent, parentLeft);
                QueuedIo tmp = parent;
                parent = node;
                node = tmp;
            }
            parent.red = false;
            gparent.red = true;
            rotate(gparent, !parentLeft);
        }
        root.red = false;
    }

    private void eraseColor(QueuedIo node, QueuedIo parent) {
        while ((node == null || !node.red) && node != root) {
            // the same steps on either side of the parent, mirrored; "other" is the sibling
            boolean nodeLeft = parent.left == node;
            QueuedIo other = child(parent, !nodeLeft);
            if (other.red) {
                other.red = false;
                parent.red = true;
                rotate(parent, nodeLeft);
                other = child(parent, !nodeLeft);
            }
            if (isBlack(other.left) && isBlack(other.right)) {
                other.red = true;
                node = parent;
                parent = node.parent;
            } else {
                if (isBlack(child(other, !nodeLeft))) {
                    QueuedIo near = child(other, nodeLeft);
                    if (near != null) {
                        near.red = false;
                    }
                    other.red = true;
                    rotate(other, !nodeLeft);
                    other = child(parent, !nodeLeft);
                }
                other.red = parent.red;
                parent.red = false;
                QueuedIo far = child(other, !nodeLeft);
                if (far != null) {
                    far.red = false;
                }
                rotate(parent, nodeLeft);
                node = root;
                break;
            }
        }
        if (node != null) {
            node.red = false;
        }
    }

    private static boolean isBlack(QueuedIo n) {
        return n == null || !n.red;
    }

    private static QueuedIo child(QueuedIo n, boolean left) {
        return left ? n.left : n.right;
    }

    private static void setChild(QueuedIo n, boolean left, QueuedIo child) {
        if (left) {
            n.left = child;
        } else {
            n.right = child;
        }
    }

    /** Puts {@code now} where {@code old} hung: under {@code parent}, or at the root. */
    private void replaceChild(QueuedIo parent, QueuedIo old, QueuedIo now) {
        if (parent == null) {
            root = now;
        } else if (parent.left == old) {
            parent.left = now;
        } else {
            parent.right = now;
        }
    }

    /** Moves {@code node} down to its left ({@code toLeft}) or right, its child on the other side taking its place. */
    private void rotate(QueuedIo node, boolean toLeft) {
        QueuedIo up = child(node, !toLeft);
        QueuedIo parent = node.parent;
        QueuedIo inner = child(up, toLeft);
        setChild(node, !toLeft, inner);
        if (inner != null) {
            inner.parent = node;
        }
        setChild(up, toLeft, node);
        up.parent = parent;
        replaceChild(parent, node, up);
        node.parent = up;
    }
}
